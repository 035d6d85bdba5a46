// The one component of the Vite page: a list through one hook, so its bundle must hold that
// operation and no other.
import { useListProducts } from "@commerce-api/react";

export function ProductList() {
  const products = useListProducts({ limit: 20 });
  if (products.isPending) return <p>Loading products…</p>;
  if (products.isError) return <p role="alert">{products.error.message}</p>;
  return (
    <ul>
      {products.data.items.map((product) => (
        <li key={product.id}>{product.name}</li>
      ))}
    </ul>
  );
}
