/**
 * The organization's customers by name, each opening the customer. The API has no operation
 * that lists customers: against the sandbox they are its records; against the service, none.
 */
import { Link } from "react-router";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { Page } from "../../ui/Page.js";
import { QueryList, useHeldList } from "../../ui/QueryList.js";
import { customerPath } from "../../ui/RecordLinks.js";
import { SeedNote } from "../../ui/SeedNote.js";

export function CustomersPage() {
  const records = useSandboxRecords();
  const orders = records.inOrganization(records.orders);
  const customers = useHeldList(
    records.held(
      [...records.inOrganization(records.customers)].sort((a, b) =>
        (a.name ?? a.email).localeCompare(b.name ?? b.email),
      ),
    ),
    20,
  );
  return (
    <Page
      title="Customers"
      description="Who buys from you: open one for their orders, subscriptions, keys, cards and activity. Customers are created at checkout."
      hooks={[]}
    >
      <DevOnly>
        <SeedNote what="customers" />
      </DevOnly>
      <QueryList
        query={customers}
        loading="Loading customers…"
        empty={records.sandbox ? "No customers yet" : "The API cannot list customers"}
      >
        {(shown) => (
          <div className="table-wrap">
            <table className="table table-cards" aria-label="Customers">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((customer) => (
                  <tr key={customer.id}>
                    <td data-label="Name" className="cell-main">
                      <Link to={customerPath(customer.id)}>{customer.name ?? customer.email}</Link>
                    </td>
                    <td data-label="E-mail">{customer.email}</td>
                    <td data-label="Orders">{orders.filter((o) => o.customer_id === customer.id).length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryList>
    </Page>
  );
}
