/**
 * The channel (PostgreSQL `NOTIFY`) on which a change of a shop's configuration is announced,
 * with the shop's id as payload: every process listening drops what it cached of that shop.
 */
export const SHOP_CHANGED = 'shop_changed'
