// A webhook request's raw body, once its signature is verified (`@commerce-api/client/webhooks`).
declare const body: string;
