/**
 * Whether a cart line offers a quantity stepper: only where more than one piece of the model can
 * be had (pieces left, and the limit per order). The last piece of a series is unique: its line
 * says « Pièce unique » and has no stepper, only « Supprimer ». A line holding more than one
 * keeps its stepper, so that a shopper can come down to what is left.
 */
export function choosesQuantity(quantity: number, available: number, maxPiecesPerModel: number): boolean {
  return quantity > 1 || Math.min(available, maxPiecesPerModel) > 1;
}
