import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, catalogueModelPath, isAdminPath, routeTable } from "~/screens";

describe("the catalogue's pages", () => {
  it("are the owner's: the list and each model's editor, never a shopper's page", () => {
    expect(ADMIN_PAGES.catalogue).toBe("/admin-catalogue");
    expect(catalogueModelPath(12)).toBe("/admin-catalogue/12");
    for (const path of [
      "/admin-catalogue",
      "/admin-catalogue/",
      "/admin-catalogue/12",
      "/admin-catalogue/12/",
    ]) {
      expect(isAdminPath(path), path).toBe(true);
    }
    for (const path of [
      "/admin-catalogue/x",
      "/admin-catalogue/12/photos",
      "/admin-catalogue-12",
      "/produit/x",
    ]) {
      expect(isAdminPath(path), path).toBe(false);
    }
  });

  it("are routed to their modules", () => {
    const routes = routeTable();
    expect(routes).toContainEqual({
      id: "admin.catalogue",
      path: "/admin-catalogue",
      module: "routes/admin-catalogue/route.tsx",
    });
    expect(routes).toContainEqual({
      id: "admin.catalogue.model",
      path: "/admin-catalogue/:id",
      module: "routes/admin-catalogue-model/route.tsx",
    });
  });
});
