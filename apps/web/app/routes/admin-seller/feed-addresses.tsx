import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { notifyError, notifySuccess } from "~/components/admin/notify";
import { useHydrated } from "~/lib/hydrated";
import type { FeedFile } from "~/screens";

const TEXT = copy.feeds;

/**
 * « Ma boutique »'s product feeds: each address in a read-only field (readable and selectable
 * without JavaScript), with a button that copies it once the page runs its script.
 */
export function FeedAddresses({ feeds }: { feeds: { file: FeedFile; url: string }[] }) {
  const hydrated = useHydrated();

  async function copyAddress(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(TEXT.copied, url);
    } catch {
      notifyError(TEXT.copyFailed);
    }
  }

  return (
    <section className="admin-panel admin-seller__feeds" id="flux" aria-labelledby="flux-title">
      <h2 id="flux-title" className="admin-seller__legend">
        {TEXT.title}
      </h2>
      <p className="admin-hint">{TEXT.intro}</p>
      <ul className="admin-seller__feed-list">
        {feeds.map(({ file, url }) => (
          <li key={file} className="field admin-seller__feed" data-feed={file}>
            <label htmlFor={`feed-${file}`}>{TEXT.names[file]}</label>
            <div className="admin-seller__feed-address">
              <input
                id={`feed-${file}`}
                type="url"
                value={url}
                readOnly
                spellCheck={false}
                onFocus={(event) => event.currentTarget.select()}
              />
              {hydrated ? (
                <button
                  type="button"
                  className="button button--outline"
                  aria-label={fill(TEXT.copyLabel, { name: TEXT.names[file] })}
                  onClick={() => copyAddress(url)}
                >
                  {TEXT.copy}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
