import type { LicenseKeyMember } from "@commerce-api/client/2026-10";

/**
 * Who holds a license key, as the service says from API version 2026-10: the seat member of a
 * team's seat-based product, or else `customer` (the key's customer, in the reader's words:
 * their name on the organization's side, "You" in the customer portal).
 */
export function KeyHolder({ member, customer }: { member: LicenseKeyMember | null; customer: string }) {
  return <>{member ? `${member.email} (a seat member)` : customer}</>;
}
