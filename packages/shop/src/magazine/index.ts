/**
 * `@souls/shop/magazine`: the magazine's articles as the owner writes them in the panel (decision
 * 052) — both languages, her addresses (an old one answers 301), a cover photo taken like a
 * model's, drafts, publication now or at a Paris time; read by the magazine's pages, the sitemap
 * and the page cache.
 */
export {
  type ArticleAtAddress,
  type ArticleDraft,
  type ArticleInPanel,
  type ArticleSummary,
  type ArticleWords,
  alsoReadOf,
  articleAtAddress,
  articleMomentsPassed,
  articlesOut,
  createArticle,
  type FaqItem,
  isOut,
  listArticles,
  loadMagazine,
  type Magazine,
  nextArticleMoment,
  type ShownArticle,
  saveArticle,
  setArticleStatus,
  showArticle,
} from "./articles";
export { removeArticleCover, setArticleCover } from "./cover";
export { ArticleRefusedError } from "./errors";
