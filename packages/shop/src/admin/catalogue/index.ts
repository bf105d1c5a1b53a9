/** The owner's catalogue: models, their words and addresses, series, publication and sales. */
export { changeModelAddress, type ModelAddressChange, segmentOf } from "./addresses";
export { type MissingPiece, missingPieces } from "./completeness";
export {
  type AddressHolder,
  AddressTakenError,
  CatalogueRefusedError,
  ModelIncompleteError,
  ModelTextRefusedError,
  SeriesNotFoundError,
} from "./errors";
export {
  archiveModel,
  copyNameOf,
  createModel,
  duplicateModel,
  modelCodeFor,
  type NewModelInput,
  publishModel,
  statusOf,
  unarchiveModel,
  unpublishModel,
} from "./models";
export {
  type CatalogueModel,
  type CatalogueOverview,
  type CatalogueSeries,
  catalogueOverview,
  type ModelDetail,
  modelDetail,
} from "./overview";
export { endSale, startSale } from "./sales";
export {
  type ModelSaveInput,
  ModelSaveRefusedError,
  type ModelSaveResult,
  type ModelTextsWithAddress,
  type SaveProblem,
  saveModel,
} from "./save";
export {
  createSeries,
  deleteSeries,
  featureSeries,
  moveModel,
  type SeriesInput,
  type SeriesRow,
  updateSeries,
} from "./series";
export { normalizeModelTexts, normalizeText, updateModelIdentity, updateModelTexts } from "./texts";
