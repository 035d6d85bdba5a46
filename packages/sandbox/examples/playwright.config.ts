import { defineConfig } from "@playwright/test";

export default defineConfig({
  webServer: {
    command: "npx commerce-sandbox --port 4010",
    url: "http://127.0.0.1:4010/__sandbox",
    reuseExistingServer: !process.env.CI,
  },
  use: { baseURL: "http://127.0.0.1:5173" }, // your app, pointed at http://127.0.0.1:4010
});
