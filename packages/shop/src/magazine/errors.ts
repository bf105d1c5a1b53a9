/** What the owner's actions on the magazine can run into: each a rule, answered in French by the admin API. */
export class ArticleRefusedError extends Error {
  override name = "ArticleRefusedError";
  constructor(
    readonly reason:
      | "not_found"
      | "slug_taken"
      | "too_many"
      | "also_read_unknown"
      | "also_read_self"
      | "in_the_past",
  ) {
    super(`Article refused: ${reason}`);
  }
}
