import { useState } from 'react';

/** Copies (or shares, where the system offers it) the link of this match. */
export function ShareLink({ title }: { title: string }) {
  const [copied, setCopied] = useState(false);
  const url = window.location.href;
  const share = async () => {
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Dismissed share sheet or no clipboard permission: the link stays visible to copy by hand.
    }
  };
  return (
    <div className="share">
      <button type="button" className="button" onClick={share}>
        Share this match
      </button>
      <input
        readOnly
        value={url}
        aria-label="Link to this match"
        onFocus={(e) => e.target.select()}
      />
      <span role="status">{copied ? 'Link copied' : ''}</span>
    </div>
  );
}
