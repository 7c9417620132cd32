import type { Order } from './order-doc';
import { RADIO_MSG } from '../radio/radio-messages';

/** Orders: the contract between the API and the client (product spec, sections 3, 4 and 8). */

export const ORDER_STATUSES = ['PENDING', 'AWAITING_SELLER', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_METHODS = ['TOKENS', 'CASH_APP'] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

export type OrderAction = 'upload_proof' | 'approve' | 'reject' | 'expire';

/**
 * Every status change an existing order can make, and who may make it. A token purchase is
 * created APPROVED and a cash order AWAITING_SELLER; nothing else ever changes a status.
 * PENDING is in the spec's list but no flow of ours produces it (docs/adr/0034-orders-purchase-keys-and-transitions.md).
 */
export const ORDER_TRANSITIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus; by: 'buyer' | 'seller' | 'system' }> = {
  upload_proof: { from: ['AWAITING_SELLER'], to: 'UNDER_REVIEW', by: 'buyer' },
  approve: { from: ['AWAITING_SELLER', 'UNDER_REVIEW'], to: 'APPROVED', by: 'seller' },
  reject: { from: ['AWAITING_SELLER', 'UNDER_REVIEW'], to: 'REJECTED', by: 'seller' },
  // Unpaid (no proof yet) cash orders past expires_at.
  expire: { from: ['AWAITING_SELLER'], to: 'EXPIRED', by: 'system' },
};

/** Cash App orders wait this long for payment unless app_config says otherwise. */
export const DEFAULT_CASH_ORDER_EXPIRY_HOURS = 24;
/** Licence downloads: signed URLs valid 3600 s (spec, section 9). */
export const LICENCE_URL_SECONDS = 3600;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_FIELD = 'image';

/** A seller's Cash App $cashtag: '$' then a letter, then 1 to 19 letters, digits, '-' or '_'. */
export const CASH_TAG_PATTERN = /^\$[A-Za-z][A-Za-z0-9_-]{0,19}$/;


/** POST /api/orders { listing_id, method } answers this. */
export type CreateOrderResponse = {
  order: Order;
  /** Cash orders (spec, section 7): where and how much to pay, and the deadline. */
  cash_app_tag?: string;
  amount_usd?: number;
  expires_at?: string;
};

/** Texts from the spec's error catalogue, verbatim, and the server's refusals. */
export const ORDER_MSG = {
  purchaseSuccessful: 'Purchase successful!',
  purchaseFailed: 'Purchase failed',
  purchaseFailedBody: 'Failed to complete purchase.',
  orderCreated: 'Order created',
  orderFailed: 'Order failed',
  orderFailedBody: 'Failed to create order.',
  proofUploaded: 'Proof uploaded',
  uploadFailed: 'Upload failed',
  orderApproved: 'Order approved',
  approvalFailed: 'Approval failed',
  orderRejected: 'Order rejected',
  rejectFailed: 'Rejection failed',
  copied: 'Copied!',
  // Refusals (server).
  ownListing: 'You cannot buy your own listing',
  listingInactive: 'This listing is not available',
  /** The listing's price changed after the buyer saw it: nothing was charged. */
  priceChanged: (now: string) => `The price changed to ${now}: nothing was charged. Check the new price and buy again.`,
  alreadyOwned: 'You already own this licence',
  openOrderExists: 'You already have an open order for this listing',
  tokensNotAccepted: 'This listing does not accept tokens',
  cashNotAccepted: 'This listing does not accept Cash App',
  noCashTag: 'The seller has not set a Cash App tag yet',
  /** A licensed file or certificate is on its way to the browser's downloads: the radio queue's word. */
  downloadStarted: RADIO_MSG.downloadStarted,
  onlyBuyerProof: 'Only the buyer can upload payment proof',
  onlySeller: 'Only the seller can approve or reject this order',
  onlyBuyerLicence: 'Only the buyer can download this licence',
  notLicensed: 'This order has not been approved',
  expired: 'This order has expired',
  wrongStatus: (status: OrderStatus) => `This order is ${status.replace('_', ' ').toLowerCase()}`,
  proofNotImage: 'Payment proof must be a PNG, JPEG, WebP or GIF image',
  proofTooLarge: 'Payment proof must be at most 5 MB',
  proofUnreadable: 'Payment proof could not be read as an image (at most 50 megapixels)',
  proofRequired: 'Choose an image of your payment',
  cashTagInvalid: "A Cash App tag is '$' and a letter, then up to 19 letters, digits, - or _",
  cashTagSaved: 'Cash App tag saved!',
  cashTagFailed: 'Failed to save Cash App tag',
  offline: 'Buying needs a connection. You are offline.',
} as const;

export const LICENCE_TERMS =
  'This certificate grants the licensee a non-exclusive, non-transferable, worldwide licence to use the track in their own ' +
  'productions, including commercial ones. The artist keeps all ownership and copyright. The licensee may not resell, ' +
  'sublicense or distribute the track on its own, nor claim it as their own work.';
