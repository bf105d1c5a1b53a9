/** A model's photo: view 1 is the front shot used on cards and lines, 2–4 complete the gallery. */
export function productImage(model: string, view: 1 | 2 | 3 | 4 | number = 1): string {
  return `/images/products/${model}-${view}.svg`;
}
