// The client a fragment calls: the local sandbox's (seeded organization token, every scope).
declare const client: import("@commerce-api/client").Client;
