import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  linkWithInitData,
  makeTelegramLinkCode,
  TELEGRAM_LINK_QUERY_KEY,
  telegramLinkQueryOptions,
  unlinkTelegram,
} from '#src/features/telegram/api/telegramLink.ts';
import { isTelegramMiniApp } from '#src/lib/telegram.ts';
import { handleExternalLinkClick } from '#src/lib/telegramLinks.ts';
import { loadTelegramWebApp } from '#src/lib/telegramWebApp.ts';
import { toast } from '#src/lib/toast.ts';

/** Links from inside the Mini App: asks to be let write to the user, then sends `initData`. */
async function linkFromMiniApp() {
  const webApp = await loadTelegramWebApp();
  if (!webApp?.initData) throw new Error('Open Gridmind from Telegram to link it in one tap.');
  // Without this the bot may not message someone who opened the app without starting it.
  await new Promise<void>((resolve) => {
    if (webApp.requestWriteAccess) webApp.requestWriteAccess(() => resolve());
    else resolve();
  });
  return linkWithInitData(webApp.initData);
}

/**
 * "Telegram" on the profile: link (in one tap inside the Mini App, else through the bot's
 * `/start` link with a one-time code), linked state and unlink. Renders nothing where the server
 * has no bot, and for visitors.
 */
export function TelegramLinkSection() {
  const queryClient = useQueryClient();
  const [botLink, setBotLink] = useState<string | null>(null);
  const link = useQuery(telegramLinkQueryOptions({ waitingForBot: botLink !== null }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: TELEGRAM_LINK_QUERY_KEY });
  const failed = (message: string) => (error: Error) =>
    toast.error({ message, description: error.message });

  const linkHere = useMutation({
    mutationFn: linkFromMiniApp,
    onSuccess: async () => {
      toast.info({ message: 'Telegram linked' });
      await refresh();
    },
    onError: failed('Telegram not linked'),
  });
  const makeCode = useMutation({
    mutationFn: makeTelegramLinkCode,
    onSuccess: ({ url }) => setBotLink(url),
    onError: failed('No Telegram link made'),
  });
  const unlink = useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: async () => {
      setBotLink(null);
      toast.info({ message: 'Telegram unlinked' });
      await refresh();
    },
    onError: failed('Telegram not unlinked'),
  });

  if (!link.data) return null;
  const linked = link.data.linked;
  return (
    <section className="telegram-link" aria-labelledby="profile-telegram">
      <h2 id="profile-telegram" className="section-title">
        Telegram
      </h2>
      {linked ? (
        <>
          <p role="status">Linked: Gridmind tells you in Telegram about what you follow.</p>
          <button
            type="button"
            className="button"
            disabled={unlink.isPending}
            onClick={() => unlink.mutate()}
          >
            Unlink Telegram
          </button>
        </>
      ) : isTelegramMiniApp() ? (
        <>
          <p>Be told in this chat when something you follow happens.</p>
          <button
            type="button"
            className="button"
            disabled={linkHere.isPending}
            onClick={() => linkHere.mutate()}
          >
            Link Telegram
          </button>
        </>
      ) : botLink ? (
        <p>
          <a
            className="button"
            href={botLink}
            target="_blank"
            rel="noopener"
            onClick={handleExternalLinkClick}
          >
            Open Telegram and press Start
          </a>{' '}
          The link works once, for 15 minutes.
        </p>
      ) : (
        <>
          <p>Be told in Telegram when something you follow happens.</p>
          <button
            type="button"
            className="button"
            disabled={makeCode.isPending}
            onClick={() => makeCode.mutate()}
          >
            Link Telegram
          </button>
        </>
      )}
    </section>
  );
}
