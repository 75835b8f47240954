import type { PaymentStatus } from "../api/payments";

/**
 * Purchases that ended with nothing charged: declined or expired (`failed`) or cancelled by the
 * customer (`cancelled`). Their amount is what the checkout asked for, never money paid.
 */
export const NOTHING_CHARGED: readonly PaymentStatus[] = ["failed", "cancelled"];

export const chargedNothing = (status: PaymentStatus): boolean => NOTHING_CHARGED.includes(status);
