export { CommerceProvider, type CommerceProviderProps, useCommerceClient } from "./provider.js";
