import type { ArticleId } from "~/screens";

export const ARTICLE_COVERS: Record<ArticleId, string> = {
  fabrics: "/images/magazine/moroccan-fabrics.svg",
  style: "/images/magazine/fanny-pack-style.svg",
};
