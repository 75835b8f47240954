import { createColumnHelper, createSortedRowModel, rowSortingFeature, tableFeatures, useTable, type Row } from "@tanstack/react-table";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataTable, type DataTableProps } from "./data-table";

interface Fruit {
  id: string;
  name: string;
  price: number;
}

const FRUITS: Fruit[] = [
  { id: "b", name: "Banana", price: 2 },
  { id: "a", name: "Apple", price: 3 },
  { id: "c", name: "Cherry", price: 1 },
];

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
const helper = createColumnHelper<typeof features, Fruit>();
const columns = helper.columns([
  helper.accessor("name", { id: "name", header: () => "Name", cell: (info) => info.getValue(), sortDescFirst: false }),
  helper.accessor("price", { id: "price", header: () => "Price", cell: (info) => `$${info.getValue()}`, enableSorting: false, meta: { className: "text-end" } }),
]);

type Extra = Omit<DataTableProps<typeof features, Fruit>, "table" | "label">;

function Fruits({ data = FRUITS, ...extra }: { data?: Fruit[] } & Extra) {
  const table = useTable({ features, columns, data, getRowId: (fruit) => fruit.id, enableSortingRemoval: false });
  return <DataTable table={table} label="Fruit" {...extra} />;
}

const names = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

describe("DataTable", () => {
  it("draws a header cell a column and a row a record, in a region named for scrolling", () => {
    render(<Fruits />);
    expect(screen.getByRole("region", { name: "Fruit" }).querySelector("table")).not.toBeNull();
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Name", "Price"]);
    expect(names()).toEqual(["Banana", "Apple", "Cherry"]);
    const apple = screen.getByRole("row", { name: /Apple/ });
    expect(within(apple).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["Apple", "$3"]);
    // A column's class styles its heading and its cells alike.
    expect(screen.getByRole("columnheader", { name: "Price" }).className).toContain("text-end");
    expect(within(apple).getAllByRole("cell")[1]?.className).toContain("text-end");
  });

  it("sorts by a column from its header button, again to reverse, and says the order with aria-sort", () => {
    render(<Fruits />);
    const name = screen.getByRole("columnheader", { name: "Name" });
    expect(name.getAttribute("aria-sort")).toBe("none");
    // A column that does not sort has no button and no aria-sort.
    const price = screen.getByRole("columnheader", { name: "Price" });
    expect(price.hasAttribute("aria-sort")).toBe(false);
    expect(within(price).queryByRole("button")).toBeNull();

    fireEvent.click(within(name).getByRole("button", { name: "Name" }));
    expect(name.getAttribute("aria-sort")).toBe("ascending");
    expect(names()).toEqual(["Apple", "Banana", "Cherry"]);

    fireEvent.click(within(name).getByRole("button", { name: "Name" }));
    expect(name.getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Cherry", "Banana", "Apple"]);
  });

  it("shows the empty state instead of the table when there are no rows", () => {
    render(<Fruits data={[]} empty={<p>No fruit yet</p>} />);
    expect(screen.getByText("No fruit yet")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("keeps an empty table (its headers) when no empty state is given, and the rows' state when given", () => {
    const { rerender } = render(<Fruits data={[]} />);
    expect(screen.getAllByRole("columnheader")).toHaveLength(2);
    expect(screen.getByRole("table").hasAttribute("aria-busy")).toBe(false);
    rerender(<Fruits busy />);
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
  });

  it("adds a row's class and a full-width row of details under the rows that have them", () => {
    render(<Fruits rowClassName={(row) => (row.original.price > 2 ? "bg-red-50" : undefined)} rowDetails={(row) => (row.id === "c" ? <p>Picked today</p> : null)} />);
    expect(screen.getByRole("row", { name: /Apple/ }).className).toContain("bg-red-50");
    expect(screen.getByRole("row", { name: /Banana/ }).className).not.toContain("bg-red-50");
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(5);
    const details = within(rows[4] as HTMLElement).getByRole("cell");
    expect(details.textContent).toBe("Picked today");
    expect(details.getAttribute("colspan")).toBe("2");
  });

  it("on narrow screens draws each row as a card in a list named like the table, in the table's order", () => {
    const card = (row: Row<typeof features, Fruit>) => <p>{row.original.name} card</p>;
    render(<Fruits wide={false} card={card} cardClassName={(row) => (row.id === "a" ? "ring-2" : undefined)} busy />);
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "Fruit" });
    expect(list.getAttribute("aria-busy")).toBe("true");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Banana card", "Apple card", "Cherry card"]);
    expect(items[1]?.className).toContain("ring-2");
  });
});
