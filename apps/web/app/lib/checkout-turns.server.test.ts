import { describe, expect, it } from "vitest";
import { createCheckoutTurns } from "./checkout-turns.server";

const always = async () => true;

describe("checkout turns", () => {
  it("places two posts of a model at once; the third waits for a turn to end", async () => {
    const turns = createCheckoutTurns(2);
    const first = await turns.take(["lina"], always);
    const second = await turns.take(["lina"], always);
    let third: (() => void) | null | undefined;
    const asked = turns.take(["lina"], always).then((turn) => {
      third = turn;
    });
    // Another model does not wait for Lina's.
    expect(await turns.take(["meriem"], always)).toBeTypeOf("function");
    await Promise.resolve();
    expect(third).toBeUndefined();
    expect(turns.waiting).toBe(1);

    first?.();
    await asked;
    expect(third).toBeTypeOf("function");
    expect(turns.waiting).toBe(0);
    second?.();
    third?.();
  });

  it("lets the waiting posts go at once when a turn leaves nothing for them, holding no turn", async () => {
    const told: number[] = [];
    const turns = createCheckoutTurns(1, (waiting) => told.push(waiting));
    const first = await turns.take(["lina"], always);
    let piecesLeft = 1;
    const stillPossible = async () => piecesLeft > 0;
    const waiting = Array.from({ length: 50 }, () => turns.take(["lina"], stillPossible));
    expect(turns.waiting).toBe(50);

    // The first post held the last piece: everyone waiting hears it when its turn ends.
    piecesLeft = 0;
    first?.();
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(null));
    expect(turns.waiting).toBe(0);
    // The metrics were told each change: up to 50 waiting, back to none.
    expect(Math.max(...told)).toBe(50);
    expect(told.at(-1)).toBe(0);
    // Nothing left held: the next post has its turn at once.
    expect(await turns.take(["lina"], always)).toBeTypeOf("function");
  });

  it("takes a cart's models in one order, so two carts never wait on each other", async () => {
    const turns = createCheckoutTurns(1);
    const soraya = await turns.take(["soraya"], always);
    const cart = turns.take(["soraya", "lina"], always);
    const otherCart = turns.take(["lina", "soraya"], always);
    soraya?.();
    // Both carts took Lina first: the first has both models, the other waits for it, not for Soraya alone.
    const first = await cart;
    expect(first).toBeTypeOf("function");
    first?.();
    const second = await otherCart;
    expect(second).toBeTypeOf("function");
    second?.();
  });

  it("gives its turns back when the catalogue cannot be read, and ends a turn only once", async () => {
    const turns = createCheckoutTurns(1);
    const first = await turns.take(["lina"], always);
    const failing = turns.take(["lina", "yasmine"], async () => {
      throw new Error("database unreachable");
    });
    first?.();
    first?.(); // a second call ends nothing more
    await expect(failing).rejects.toThrow("database unreachable");
    const next = await turns.take(["lina"], always);
    expect(next).toBeTypeOf("function");
    // Lina is taken by `next` alone: a post of Lina waits again.
    let waited = true;
    const after = turns.take(["lina"], always).then((turn) => {
      waited = false;
      return turn;
    });
    await Promise.resolve();
    expect(waited).toBe(true);
    next?.();
    (await after)?.();
  });
});
