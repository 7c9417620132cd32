import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import { LISTING_PAGE_SIZE } from '@common/marketplace/search';
import { useSession } from '@/lib/session';
import { stubApi, type SentRequest } from '@/test/api';
import { aListing } from '@/test/fixtures';
import { ToastHost } from '@/components/toast-host';
import { parseFilters } from './filters';
import { MarketplacePage, NO_MATCHES, SHOWING_SEEN } from './marketplace-page';
import { forgetSeenListings, rememberListings, seenListings } from './seen-listings';
import { RETRY_UNREACHABLE_MS } from './use-listings';

vi.mock('@/data/lazy', () => ({ afterWrite: vi.fn(async () => undefined), loadDataLayer: vi.fn() }));

type Page = { listings: MarketplaceListing[]; next_cursor: string | null };
const empty: Page = { listings: [], next_cursor: null };
const basicNamed = (n: number, from = 0) => Array.from({ length: n }, (_, i) => aListing({ id: `b${from + i}`, title: `Basic Song ${from + i}` }));

/** The search requests sent, as their query params. */
const searches = (sent: SentRequest[]) => sent.filter((r) => r.path.startsWith('/marketplace/search')).map((r) => Object.fromEntries(new URL(r.path, 'http://x').searchParams));

/** Answers the search: `pages(section, params)` gives the page. */
function serve(pages: (section: string, params: URLSearchParams) => Page) {
  return stubApi(({ path }) => {
    if (!path.startsWith('/marketplace/search')) return undefined;
    const params = new URL(path, 'http://x').searchParams;
    return { body: pages(params.get('section')!, params) };
  });
}

/** The page at /marketplace as the app routes it (its search params validated), opened at `url`. */
async function open(url = '/marketplace') {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToastHost />
      </>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path: '/marketplace', validateSearch: (raw: Record<string, unknown>) => parseFilters(raw), component: MarketplacePage });
  const elsewhere = createRoute({ getParentRoute: () => root, path: '$', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([page, elsewhere]), history: createMemoryHistory({ initialEntries: [url] }) });
  const user = userEvent.setup();
  render(<RouterProvider router={router as unknown as AnyRouter} />);
  await act(() => router.load());
  return { user, router };
}
const searchOf = (router: Awaited<ReturnType<typeof open>>['router']) => router.state.location.search as Record<string, unknown>;

beforeEach(() => {
  useSession.setState({ user: null, ready: true });
  forgetSeenListings();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  forgetSeenListings();
});

describe('the marketplace page', () => {
  it('reads its filters and sort from the URL, shows them in the controls and asks the server for each section with them', async () => {
    const sent = serve((section) => (section === 'featured' ? { listings: [aListing({ id: 'f1', title: 'Café Ámbar', listing_type: 'featured', genre: 'Jazz' })], next_cursor: null } : empty));
    await open('/marketplace?q=cafe&genre=Jazz&type=human&pay=tokens&min=5&max=50&sort=price_asc');
    expect(await screen.findByRole('region', { name: 'Featured Tracks' })).toHaveTextContent('Café Ámbar');
    const query = { q: 'cafe', genre: 'Jazz', type: 'human', pay: 'tokens', min: '5', max: '50', sort: 'price_asc' };
    expect(searches(sent)).toEqual([
      { section: 'featured', ...query },
      { section: 'basic', ...query },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search title or artist' })).toHaveValue('cafe');
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('Jazz');
    expect(screen.getByRole('combobox', { name: 'Song type' })).toHaveValue('human');
    expect(screen.getByRole('combobox', { name: 'Payment' })).toHaveValue('tokens');
    expect(screen.getByRole('spinbutton', { name: 'Lowest price (tokens)' })).toHaveValue(5);
    expect(screen.getByRole('spinbutton', { name: 'Highest price (tokens)' })).toHaveValue(50);
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('price_asc');
    // Song type says it matches only the listings that show their type.
    expect(screen.getByRole('combobox', { name: 'Song type' })).toHaveAccessibleDescription('Only listings that show their type (tracks out of the contest).');
  });

  it('drops search params that are not valid and keeps the others (never an error)', async () => {
    const sent = serve(() => ({ listings: basicNamed(1), next_cursor: null }));
    await open('/marketplace?genre=Polka&min=abc&sort=best&type=robot&pay=tokens');
    expect(await screen.findByRole('region', { name: 'All Listings' })).toHaveTextContent('Basic Song 0');
    expect(searches(sent)).toEqual([
      { section: 'featured', pay: 'tokens' },
      { section: 'basic', pay: 'tokens' },
    ]);
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('newest');
  });

  it('a filter or sort picked goes into the URL and starts the results over; typing reaches the URL once it rests', async () => {
    const sent = serve((section, params) => (section === 'basic' ? { listings: [aListing({ id: `b-${params.toString()}`, title: `For ${params.get('genre') ?? 'all'} ${params.get('q') ?? ''}`.trim() })], next_cursor: null } : empty));
    const { user, router } = await open();
    expect(await screen.findByRole('heading', { name: 'For all' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'Rock');
    expect(await screen.findByRole('heading', { name: 'For Rock' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ genre: 'Rock' });
    expect(screen.queryByRole('heading', { name: 'For all' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Price: high to low');
    await waitFor(() => expect(searchOf(router)).toEqual({ genre: 'Rock', sort: 'price_desc' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search title or artist' }), 'Sky');
    expect(await screen.findByRole('heading', { name: 'For Rock Sky' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ genre: 'Rock', sort: 'price_desc', q: 'Sky' });
    // One search for the word typed (debounced), not one per key.
    expect(searches(sent).filter((q) => q.section === 'basic').map((q) => q.q ?? '')).toEqual(['', '', '', 'Sky']);
  });

  it('Load more reads the next page with the cursor, adds it, takes the keyboard to its first card, and goes once none is left', async () => {
    const sent = serve((section, params) => {
      if (section !== 'basic') return empty;
      return params.get('cursor') === 'page-2' ? { listings: basicNamed(3, LISTING_PAGE_SIZE), next_cursor: null } : { listings: basicNamed(LISTING_PAGE_SIZE), next_cursor: 'page-2' };
    });
    const { user } = await open();
    const all = await screen.findByRole('region', { name: 'All Listings' });
    expect(within(all).getAllByTestId('listing-card')).toHaveLength(LISTING_PAGE_SIZE);
    const more = within(all).getByRole('button', { name: 'Load more' });
    expect(more).toHaveAccessibleDescription('All Listings');
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(all).getAllByTestId('listing-card')).toHaveLength(LISTING_PAGE_SIZE + 3));
    expect(within(all).getAllByTestId('listing-card')[LISTING_PAGE_SIZE]).toHaveFocus();
    expect(within(all).getAllByTestId('listing-card')[LISTING_PAGE_SIZE]).toHaveAccessibleName(`Basic Song ${LISTING_PAGE_SIZE}`);
    expect(within(all).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(searches(sent).at(-1)).toEqual({ section: 'basic', cursor: 'page-2' });
    // Each page read is remembered on this device.
    expect(seenListings().map((l) => l.id)).toContain(`b${LISTING_PAGE_SIZE + 2}`);
  });

  it('an empty result says no listing matches and Clear filters empties the URL', async () => {
    serve((section, params) => (params.has('genre') ? empty : section === 'basic' ? { listings: basicNamed(2), next_cursor: null } : empty));
    const { user, router } = await open('/marketplace?genre=Country&q=zzz');
    expect(await screen.findByText(NO_MATCHES)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'All Listings' })).not.toBeInTheDocument();
    const clears = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clears[clears.length - 1]!);
    expect(await screen.findByRole('region', { name: 'All Listings' })).toHaveTextContent('Basic Song 1');
    expect(searchOf(router)).toEqual({});
    expect(screen.getByRole('searchbox', { name: 'Search title or artist' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('with no filter and nothing listed, shows the spec’s empty state', async () => {
    serve(() => empty);
    await open();
    expect(await screen.findByText('No listings yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('explains an inverted price range inline and does not send it', async () => {
    const sent = serve(() => empty);
    await open('/marketplace?min=90&max=10');
    expect(await screen.findByText(NO_MATCHES)).toBeInTheDocument();
    const why = 'The lowest price is above the highest: the price range is not applied.';
    expect(screen.getByRole('spinbutton', { name: 'Lowest price (tokens)' })).toHaveAccessibleDescription(why);
    expect(screen.getByRole('spinbutton', { name: 'Highest price (tokens)' })).toBeInvalid();
    expect(searches(sent)).toEqual([{ section: 'featured' }, { section: 'basic' }]);
  });

  it('offline, shows what this device saw last (filtered as asked) with the note', async () => {
    rememberListings([
      aListing({ id: 'seen-1', title: 'Seen Jazz', genre: 'Jazz' }),
      aListing({ id: 'seen-2', title: 'Seen Rock', genre: 'Rock' }),
      aListing({ id: 'seen-3', title: 'Seen Featured Jazz', genre: 'Jazz', listing_type: 'featured' }),
    ]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await open('/marketplace?genre=Jazz');
    expect(await screen.findByText(SHOWING_SEEN)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'All Listings' })).toHaveTextContent('Seen Jazz');
    expect(screen.getByRole('region', { name: 'Featured Tracks' })).toHaveTextContent('Seen Featured Jazz');
    expect(screen.queryByText('Seen Rock')).not.toBeInTheDocument();
    // Buy needs the network.
    expect(screen.getAllByRole('button', { name: 'Buy' })[0]).toBeDisabled();
  });

  it('online but with the server out of reach, shows the device’s copy and keeps it, asking again only after a pause', async () => {
    rememberListings([aListing({ id: 'seen-1', title: 'Seen Jazz', genre: 'Jazz' })]);
    let reachable = false;
    const sent = stubApi(({ path }) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return path.startsWith('/marketplace/search') ? { body: new URL(path, 'http://x').searchParams.get('section') === 'basic' ? { listings: [aListing({ id: 'b1', title: 'Fresh Jazz', genre: 'Jazz' })], next_cursor: null } : empty } : undefined;
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await open('/marketplace?genre=Jazz');
      expect(await screen.findByText(SHOWING_SEEN)).toBeInTheDocument();
      // Up to the pause, nothing more is asked (no request loop) and the copy stays.
      await act(() => vi.advanceTimersByTimeAsync(RETRY_UNREACHABLE_MS - 1_000));
      expect(searches(sent)).toHaveLength(2);
      expect(screen.getByRole('region', { name: 'All Listings' })).toHaveTextContent('Seen Jazz');

      reachable = true;
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(await screen.findByText('Fresh Jazz')).toBeInTheDocument();
      expect(screen.queryByText(SHOWING_SEEN)).not.toBeInTheDocument();
      expect(searches(sent)).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
