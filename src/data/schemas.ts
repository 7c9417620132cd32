import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb';
import { toTypedRxJsonSchema } from 'rxdb';

const nullableString = { type: ['string', 'null'] } as const;
const base = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
} as const;

const profileLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    username: { type: 'string' },
    full_name: nullableString,
    avatar_url: nullableString,
    email: nullableString,
    wallet_address: nullableString,
    migration_status: { type: 'string' },
    free_voting_until: nullableString,
    created_at: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'username', 'migration_status', 'updatedAt'],
} as const;
const profileTyped = toTypedRxJsonSchema(profileLiteral);
export type ProfileDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof profileTyped>;
export const profileSchema: RxJsonSchema<ProfileDoc> = profileLiteral;

const rolesLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    roles: { type: 'array', items: { type: 'string' } },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'roles', 'updatedAt'],
} as const;
const rolesTyped = toTypedRxJsonSchema(rolesLiteral);
export type UserRolesDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof rolesTyped>;
export const userRolesSchema: RxJsonSchema<UserRolesDoc> = rolesLiteral;

const balanceLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    balance: { type: 'number' },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'balance', 'updatedAt'],
} as const;
const balanceTyped = toTypedRxJsonSchema(balanceLiteral);
export type BalanceDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof balanceTyped>;
export const balanceSchema: RxJsonSchema<BalanceDoc> = balanceLiteral;

const grantLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    last_grant_date: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'updatedAt'],
} as const;
const grantTyped = toTypedRxJsonSchema(grantLiteral);
export type DailyGrantDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof grantTyped>;
export const dailyGrantSchema: RxJsonSchema<DailyGrantDoc> = grantLiteral;
