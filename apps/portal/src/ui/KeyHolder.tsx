import type { LicenseKeyMember } from "@commerce-api/client/2026-10";

/**
 * Who holds a license key, as the service says from API version 2026-10: the seat member of a
 * team's seat-based product, or the customer the key was granted to.
 */
export function KeyHolder({ member }: { member: LicenseKeyMember | null }) {
  if (!member) return <>The customer (no seat member)</>;
  return <>{member.email} (a seat member)</>;
}
