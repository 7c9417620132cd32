import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, type OrderStatus } from '../../common/marketplace/orders';
import { expireDueOrders } from '../../functions/src/orders/expire-orders';
import { ledgerInvariant, startHarness, type Harness } from './harness';
import { act, buy, listTrack, setCashTag, uploadProof, users, type User } from './order-fixtures';

/**
 * Random sequences of order actions by random users (the seller, two buyers, a stranger)
 * with time passing: only the spec's transitions ever happen, each by its own side, and
 * tokens are neither created nor lost.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Action =
  | { kind: 'buy'; who: number; method: 'TOKENS' | 'CASH_APP' }
  | { kind: 'proof' | 'approve' | 'reject' | 'read'; who: number; order: number }
  | { kind: 'tick'; hours: number }
  | { kind: 'sweep' };

const who = fc.integer({ min: 0, max: 3 });
const order = fc.nat({ max: 5 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), who, method: fc.constantFrom('TOKENS' as const, 'CASH_APP' as const) }),
  fc.record({ kind: fc.constantFrom('proof' as const, 'approve' as const, 'reject' as const, 'read' as const), who, order }),
  fc.record({ kind: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  fc.constant({ kind: 'sweep' as const }),
);

const ALLOWED = new Set(Object.values(ORDER_TRANSITIONS).flatMap((t) => t.from.map((from) => `${from}>${t.to}`)));
/** Which side's action may make each status change (expiry happens on anyone's read, or the sweep). */
const SIDE_OF: Record<string, 'buyer' | 'seller' | 'any'> = Object.fromEntries(
  Object.values(ORDER_TRANSITIONS).flatMap((t) => t.from.map((from) => [`${from}>${t.to}`, t.by === 'system' ? 'any' : t.by])),
);

let run = 0;

it('only the spec’s order transitions ever happen, by the side each belongs to', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
      run++;
      const [seller, b1, b2, stranger] = await users(h, `ps${run}`, `pb${run}`, `pc${run}`, `px${run}`);
      const people: User[] = [seller, b1, b2, stranger];
      await setCashTag(h, seller, `$Prop${run}`);
      const { listing } = await listTrack(h, seller, { accept_cash_app: true, price_tokens: 20 });
      const created: string[] = [];
      const snapshot = async () => {
        const snap = await h.db.collection('orders').where('listing_id', '==', listing.id).get();
        return new Map(snap.docs.map((d) => [d.id, d.data() as { status: OrderStatus; buyer_id: string; method: string }]));
      };
      let before = await snapshot();

      for (const a of actions) {
        const actor = 'who' in a ? people[a.who]! : null;
        const target = 'order' in a ? created[a.order % Math.max(created.length, 1)] : undefined;
        let status = 200;
        if (a.kind === 'buy') {
          const res = await buy(h, actor!, listing.id, a.method);
          status = res.status;
          if (res.status === 201) created.push(res.body.order.id);
        } else if (a.kind === 'tick') h.clock.now += a.hours * 3_600_000;
        else if (a.kind === 'sweep') await expireDueOrders(h.deps);
        else if (target && a.kind === 'proof') status = (await uploadProof(h, actor!, target)).status;
        else if (target && a.kind === 'read') status = (await h.call('GET', `/api/orders/${target}`, { token: actor!.token })).status;
        else if (target && (a.kind === 'approve' || a.kind === 'reject')) status = (await act(h, actor!, target, a.kind)).status;
        expect(status).toBeLessThan(500);

        const after = await snapshot();
        for (const [id, doc] of after) {
          const prev = before.get(id);
          if (!prev) {
            expect(a.kind).toBe('buy');
            expect(doc.status).toBe(doc.method === 'TOKENS' ? 'APPROVED' : 'AWAITING_SELLER');
            expect(doc.buyer_id).not.toBe(seller.uid);
            continue;
          }
          if (prev.status === doc.status) continue;
          const change = `${prev.status}>${doc.status}`;
          expect(ALLOWED.has(change), change).toBe(true);
          const side = SIDE_OF[change];
          if (side === 'seller') expect(actor?.uid).toBe(seller.uid);
          if (side === 'buyer') expect(actor?.uid).toBe(doc.buyer_id);
        }
        // One licence per buyer and listing; at most one open cash order each.
        for (const buyer of [b1, b2]) {
          const mine = [...after.values()].filter((o) => o.buyer_id === buyer.uid);
          expect(mine.filter((o) => o.status === 'APPROVED').length).toBeLessThanOrEqual(1);
          expect(mine.filter((o) => o.status === 'AWAITING_SELLER' || o.status === 'UNDER_REVIEW').length).toBeLessThanOrEqual(1);
        }
        before = after;
      }

      const balances = await Promise.all(people.map(async (p) => ((await h.db.collection('token_balances').doc(p.uid).get()).get('balance') as number) ?? 0));
      expect(balances.reduce((x, y) => x + y, 0)).toBe(200);
      for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
    }),
    { numRuns: 25 },
  );
  // 25 worlds of four users each: 8-17 s on 2 cores, near the default 30 s when the machine is shared.
}, 60_000);
