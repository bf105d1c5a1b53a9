/**
 * `@souls/shop/photos`: a model's gallery — photos added from the owner's phone (processed once:
 * upright, sRGB, no metadata, cut into the widths pages and e-mails need), put in order,
 * described, removed; read by the pages and served by file name. Names and addresses of the cuts
 * are `@souls/core/photos`. A series' picture (the home page's hero) is taken the same way, and
 * stored with an article's cover by one storePicture (./stored-picture.ts).
 */

export { type DrawingCut, drawingJpeg } from "./drawings";
export {
  dropHeroPictureDraft,
  type HeroPicture,
  type HeroPictureState,
  heroPictureState,
  homeHeroPicture,
  publishedHeroPicture,
  publishHeroPicture,
  removeHeroPicture,
  saveHeroPictureAlt,
  saveHeroPictureDraft,
} from "./hero-picture";
export {
  addPhoto,
  cleanAlt,
  type GalleryPhoto,
  listPhotos,
  type PhotoAlt,
  type PhotoFileAnswer,
  photoFile,
  photosOf,
  removePhoto,
  reorderPhotos,
  setPhotoAlt,
} from "./photos";
export { PHOTO_LIMITS, type PhotoFile, type ProcessedPhoto, processPhoto } from "./process";
export {
  removeSeriesPicture,
  type SeriesPicture,
  seriesPictureOf,
  seriesPictures,
  setSeriesPicture,
  setSeriesPictureAlt,
} from "./series-picture";
