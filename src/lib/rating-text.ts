/**
 * A skill rating as the pages show it (docs/adr/0051-skill-ratings.md): the rating give or take
 * one deviation, in whole points: "1712 ± 48". Screen readers say "plus or minus".
 */
export const ratingText = (rating: number, deviation: number): string => `${Math.round(rating)} ± ${Math.round(deviation)}`;
