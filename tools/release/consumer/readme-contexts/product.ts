// A product as a response parsed it, and a place to show an amount.
declare const product: import("@commerce-api/schemas").Product;
declare function show(amount: unknown): void;
