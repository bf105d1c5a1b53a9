import { describe, expect, it } from "vitest";
import { isAdminPath, orderPath, routeTable } from "~/screens";

describe("an order's own page", () => {
  it("has an address of its own under the orders page, the owner's, never a shopper's", () => {
    expect(orderPath("SOULS-123456ABCD")).toBe("/admin-orders/SOULS-123456ABCD");
    expect(orderPath("a/b")).toBe("/admin-orders/a%2Fb");
    for (const path of ["/admin-orders/SOULS-123456ABCD", "/admin-orders/SOULS-123456ABCD/"]) {
      expect(isAdminPath(path), path).toBe(true);
    }
    // A paper of the order is a file, not a page of the panel.
    expect(isAdminPath("/admin-orders/SOULS-123456ABCD/facture")).toBe(false);
  });

  it("is routed to its module, beside the order's papers and the accountant's export", () => {
    const routes = routeTable();
    expect(routes).toContainEqual({
      id: "admin.orders.order",
      path: "/admin-orders/:orderNumber",
      module: "routes/admin-order/route.tsx",
    });
    const ids = routes.map((route) => route.id);
    expect(ids).toContain("admin.orders.accountingExport");
    expect(ids).toContain("admin.orders.paper");
  });
});
