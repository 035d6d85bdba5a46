// A stand-in for a user's app, for examples/e2e.spec.ts: /products lists the products of the
// Commerce API at SANDBOX_URL (as an app's dev build pointed at the sandbox would), or shows the
// error's status in an alert. Served on 127.0.0.1:APP_PORT until the test run ends.
import { createServer } from "node:http";

const api = process.env.SANDBOX_URL;
const page = `<!doctype html><title>Products</title><ul></ul>
<script type="module">
  const response = await fetch(${JSON.stringify(`${api}/v1/products/`)}, {
    headers: { authorization: "Bearer polar_oat_acme_all" },
  });
  if (!response.ok) {
    document.body.insertAdjacentHTML("beforeend", '<p role="alert">Error ' + response.status + "</p>");
  } else {
    const { items } = await response.json();
    for (const product of items) {
      const item = document.createElement("li");
      item.textContent = product.name;
      document.querySelector("ul").append(item);
    }
  }
</script>`;

createServer((request, response) => {
  const found = request.url === "/products";
  response.writeHead(found ? 200 : 404, { "content-type": found ? "text/html" : "text/plain" });
  response.end(found ? page : "not found");
}).listen(Number(process.env.APP_PORT), "127.0.0.1");
