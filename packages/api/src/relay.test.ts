import { describe, expect, it } from "vitest";
import { relay } from "./relay";

/** A listener-based source for the tests: `emit` calls every current listener. */
function fakeSource<T>() {
  const listeners = new Set<(item: T) => void>();
  return {
    subscribe: (listener: (item: T) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (item: T) => {
      for (const listener of listeners) listener(item);
    },
    get listeners() {
      return listeners.size;
    },
  };
}

describe("relaying a source to a subscription", () => {
  it("yields every event in order, those emitted while the client was busy included", async () => {
    const source = fakeSource<number>();
    const stream = relay(source.subscribe, new AbortController().signal);
    const first = stream.next();
    expect(source.listeners).toBe(1);
    source.emit(1);
    source.emit(2);
    source.emit(3);
    expect(await first).toEqual({ done: false, value: 1 });
    expect(await stream.next()).toEqual({ done: false, value: 2 });
    expect(await stream.next()).toEqual({ done: false, value: 3 });
  });

  it("ends when the signal aborts, even while waiting, and unsubscribes", async () => {
    const source = fakeSource<number>();
    const controller = new AbortController();
    const stream = relay(source.subscribe, controller.signal);
    const waiting = stream.next();
    controller.abort();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(source.listeners).toBe(0);
    source.emit(1);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it("unsubscribes when the consumer stops reading", async () => {
    const source = fakeSource<number>();
    // Runs once the loop below has asked for its first event (and so subscribed).
    queueMicrotask(() => source.emit(7));
    for await (const item of relay(source.subscribe, undefined)) {
      expect(item).toBe(7);
      expect(source.listeners).toBe(1);
      break;
    }
    expect(source.listeners).toBe(0);
  });

  it("does not subscribe at all for a client already gone", async () => {
    const source = fakeSource<number>();
    const controller = new AbortController();
    controller.abort();
    expect(await relay(source.subscribe, controller.signal).next()).toEqual({ done: true, value: undefined });
    expect(source.listeners).toBe(0);
  });

  it("keeps the newest events when a client falls behind", async () => {
    const source = fakeSource<number>();
    const stream = relay(source.subscribe, undefined, 3);
    const first = stream.next();
    source.emit(0);
    expect(await first).toEqual({ done: false, value: 0 });
    for (const n of [1, 2, 3, 4, 5]) source.emit(n);
    const got = [];
    for (let i = 0; i < 3; i++) got.push((await stream.next()).value);
    expect(got).toEqual([3, 4, 5]);
    await stream.return();
    expect(source.listeners).toBe(0);
  });
});
