// @vitest-environment happy-dom
/** Every list's filter form (useUrlFilters): the address holds what is applied, the form a draft. */
import { act, cleanup, renderHook } from "@testing-library/react";
import type { FormEvent, ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { textCodec, useUrlFilters } from "../src/ui/url-filters.js";

afterEach(cleanup);

const blank = { query: "", is_recurring: "", sorting: "-created_at" };
const codec = textCodec(blank);
/** Like a screen's schema check: a search needs three characters. */
const check = (filters: typeof blank) =>
  filters.query.trim() !== "" && filters.query.trim().length < 3
    ? { query: "Enter at least 3 characters." }
    : undefined;

function products(address: string) {
  return renderHook(
    () => ({ filters: useUrlFilters(codec, check), navigate: useNavigate(), location: useLocation() }),
    {
      wrapper: ({ children }: { children?: ReactNode }) => (
        <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
      ),
    },
  );
}

const submitted = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe("a list's filters in the address", () => {
  test("what the address says is applied, and the form starts from it", () => {
    const { result } = products("/org/products?sorting=name&query=pro");
    expect(result.current.filters.applied).toEqual({ query: "pro", is_recurring: "", sorting: "name" });
    expect(result.current.filters.field("query")).toMatchObject({
      name: "query",
      value: "pro",
      error: undefined,
    });
    expect(result.current.filters.choice("sorting").value).toBe("name");
  });

  test("typing changes the form only; submitting writes the address, trimmed, and keeps what was typed", () => {
    const { result } = products("/org/products");
    act(() => result.current.filters.field("query").onChange(" acme "));
    expect(result.current.location.search).toBe("");
    expect(result.current.filters.applied.query).toBe("");
    const event = submitted();
    act(() => result.current.filters.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(result.current.location.search).toBe("?query=acme");
    expect(result.current.filters.applied.query).toBe("acme");
    expect(result.current.filters.draft.query).toBe(" acme ");
  });

  test("a dropdown applies at once, with what the form holds", () => {
    const { result } = products("/org/products");
    act(() => result.current.filters.set("query", "acme"));
    act(() => result.current.filters.choice("is_recurring").onChange("false"));
    expect(result.current.location.search).toBe("?query=acme&is_recurring=false");
  });

  test("a problem stays on its field and nothing is applied, until the field is right", () => {
    const { result } = products("/org/products?is_recurring=true");
    act(() => result.current.filters.field("query").onChange("ab"));
    act(() => result.current.filters.submit(submitted()));
    expect(result.current.filters.field("query").error).toBe("Enter at least 3 characters.");
    expect(result.current.filters.choice("query").error).toBe("Enter at least 3 characters.");
    expect(result.current.location.search).toBe("?is_recurring=true");
    act(() => result.current.filters.field("query").onChange("abc"));
    act(() => result.current.filters.submit(submitted()));
    expect(result.current.filters.field("query").error).toBeUndefined();
    expect(result.current.location.search).toBe("?query=abc&is_recurring=true");
  });

  test("Back, Forward or a link change the address: the form follows and its problems go", () => {
    const { result } = products("/org/products?query=acme");
    act(() => result.current.filters.field("query").onChange("ab"));
    act(() => result.current.filters.submit(submitted()));
    expect(result.current.filters.errors).toEqual({ query: "Enter at least 3 characters." });
    act(() => {
      void result.current.navigate("/org/products?query=globex&sorting=name");
    });
    expect(result.current.filters.draft).toEqual({ query: "globex", is_recurring: "", sorting: "name" });
    expect(result.current.filters.errors).toEqual({});
    act(() => {
      void result.current.navigate(-1);
    });
    expect(result.current.filters.draft.query).toBe("acme");
    expect(result.current.filters.applied.sorting).toBe("-created_at");
  });
});
