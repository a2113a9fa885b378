import { useEffect, useRef, useState } from 'react';

/** The command that runs the reference bot against this server with `token`. */
export function referenceBotCommand(origin: string, token: string): string {
  return `npm run bot -- --server ${origin} --token ${token}`;
}

/**
 * A bot's token, just made: shown this once (the server keeps only its hash), with a Copy button
 * and the command that runs the reference bot with it. Focus moves here so a keyboard or screen
 * reader user lands on it.
 */
export function BotTokenNotice({
  botName,
  token,
  origin,
  onDismiss,
}: {
  botName: string;
  token: string;
  origin: string;
  onDismiss: () => void;
}) {
  const box = useRef<HTMLElement>(null);
  const tokenText = useRef<HTMLElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    box.current?.focus();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopyState('copied');
    } catch {
      // No clipboard (plain http, permission refused): select it so one keystroke copies it.
      const text = tokenText.current;
      const selection = window.getSelection();
      if (text && selection) selection.selectAllChildren(text);
      setCopyState('failed');
    }
  };
  return (
    <section
      ref={box}
      className="bot-token"
      aria-labelledby="bot-token-title"
      tabIndex={-1}
      data-testid="bot-token-notice"
    >
      <h3 id="bot-token-title">Token for {botName}</h3>
      <p>
        <strong>Copy it now: it will not be shown again.</strong> Anyone with it can play as this
        bot; if it leaks, regenerate it.
      </p>
      <code ref={tokenText} className="bot-token-value" data-testid="bot-token">
        {token}
      </code>
      <div className="bot-token-actions">
        <button type="button" className="button primary" onClick={copy}>
          Copy token
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          Done
        </button>
        <span role="status">
          {copyState === 'copied'
            ? 'Copied.'
            : copyState === 'failed'
              ? 'Could not copy: the token is selected, copy it with your keyboard.'
              : ''}
        </span>
      </div>
      <p>Run the reference bot with it (from a checkout of Gridmind):</p>
      <pre className="bot-command">
        <code>{referenceBotCommand(origin, token)}</code>
      </pre>
      <p>The protocol, to write your own: docs/BOTS.md in the Gridmind repository.</p>
    </section>
  );
}
