/** An order's reference (001 §2 "HUB-10001"): it follows from the id, so it is written with the insert (records `derive`). */
export const orderName = (id: number) => ({ name: `HUB-${String(10000 + id)}` });
