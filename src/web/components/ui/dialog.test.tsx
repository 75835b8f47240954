import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../test/render-with-app";
import { Button } from "./button";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { Dialog, DialogContent } from "./dialog";

/** A page whose rows open a dialog from state (no radix Trigger), as the contacts and payments pages do; OK removes the row. */
function RowsPage({ returnFocus }: { returnFocus?: () => HTMLElement | null }) {
  const [rows, setRows] = useState(["Ada", "Grace"]);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <main id="main">
      <h1>Rows</h1>
      {rows.map((row) => (
        <Button key={row} onClick={() => setOpen(row)}>
          {`Open ${row}`}
        </Button>
      ))}
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent title={`About ${open}`} returnFocus={returnFocus}>
            <Button onClick={() => setOpen(null)}>Cancel</Button>
            <Button
              onClick={() => {
                setRows((current) => current.filter((row) => row !== open));
                setOpen(null);
              }}
            >
              Remove
            </Button>
          </DialogContent>
        ) : null}
      </Dialog>
    </main>
  );
}

async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>, name: string) {
  const opener = screen.getByRole("button", { name });
  opener.focus();
  await user.keyboard("{Enter}");
  await screen.findByRole("dialog");
  return opener;
}

describe("a dialog opened from state", () => {
  it("gives focus back to the control that opened it, closed with Escape, its close button or Cancel", async () => {
    const user = userEvent.setup();
    renderAt(<RowsPage />);
    for (const close of [() => user.keyboard("{Escape}"), () => user.click(screen.getByRole("button", { name: "Close" })), () => user.click(screen.getByRole("button", { name: "Cancel" }))]) {
      const opener = await openWithKeyboard(user, "Open Grace");
      await close();
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });

  it("puts focus on the page's heading when the control that opened it is gone, and the next Tab goes on from there", async () => {
    const user = userEvent.setup();
    renderAt(<RowsPage />);
    await openWithKeyboard(user, "Open Grace");
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Rows" })));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open Ada" }));
  });

  it("puts focus where the page says when the control that opened it is gone", async () => {
    const user = userEvent.setup();
    renderAt(<RowsPage returnFocus={() => screen.getByRole("button", { name: "Open Ada" })} />);
    await openWithKeyboard(user, "Open Grace");
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open Ada" })));
  });
});

describe("the delete confirmation", () => {
  function DeletePage() {
    const [open, setOpen] = useState(false);
    return (
      <main id="main">
        <h1>Things</h1>
        <Button onClick={() => setOpen(true)}>Delete thing</Button>
        <ConfirmDeleteDialog open={open} title="Delete?" description="For good." error={null} pending={false} cancelLabel="Keep" confirmLabel="Delete" onCancel={() => setOpen(false)} onConfirm={() => setOpen(false)} />
      </main>
    );
  }

  it("gives focus back to the Delete button it was opened with", async () => {
    const user = userEvent.setup();
    renderAt(<DeletePage />);
    for (const close of [() => user.keyboard("{Escape}"), () => user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Keep" }))]) {
      const opener = screen.getByRole("button", { name: "Delete thing" });
      opener.focus();
      await user.keyboard("{Enter}");
      await screen.findByRole("alertdialog");
      await close();
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });
});
