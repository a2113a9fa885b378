import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_ACTIVE_BOTS_PER_USER, type OwnedBot } from '#core/protocol/bots.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import {
  MY_BOTS_QUERY_KEY,
  myBotsQueryOptions,
  regenerateBotToken,
  registerBot,
  retireBot,
  revokeBotToken,
} from '#src/features/profile/api/myBots.ts';
import { toast } from '#src/lib/toast.ts';
import { BotForm } from './BotForm.tsx';
import { type BotActions, BotList } from './BotList.tsx';
import { BotTokenNotice } from './BotTokenNotice.tsx';

/** A token just made, held only in this component's state: it is never shown again. */
interface ShownToken {
  botName: string;
  token: string;
}

/**
 * "Your bots": register a bot (its token is shown once), and see and manage the bots one owns.
 * A bot is the owner's own program, playing over the bot API (docs/BOTS.md).
 */
export function BotsSection() {
  const queryClient = useQueryClient();
  const bots = useQuery(myBotsQueryOptions());
  const [shown, setShown] = useState<ShownToken | null>(null);
  // A new key empties the form once a bot is registered.
  const [formKey, setFormKey] = useState(0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: MY_BOTS_QUERY_KEY });
  const failed = (message: string) => (error: Error) =>
    toast.error({ message, description: error.message });

  const register = useMutation({
    mutationFn: registerBot,
    onSuccess: async ({ token }, body) => {
      setShown({ botName: body.name, token });
      setFormKey((key) => key + 1);
      await refresh();
    },
  });
  const regenerate = useMutation({
    mutationFn: (bot: OwnedBot) => regenerateBotToken(bot.id),
    onSuccess: async ({ token }, bot) => {
      setShown({ botName: bot.name, token });
      await refresh();
    },
    onError: failed('Token not regenerated'),
  });
  const revoke = useMutation({
    mutationFn: (bot: OwnedBot) => revokeBotToken(bot.id),
    onSuccess: async (_answer, bot) => {
      toast.info({ message: `${bot.name}'s token revoked`, description: 'It can no longer play.' });
      await refresh();
    },
    onError: failed('Token not revoked'),
  });
  const retire = useMutation({
    mutationFn: (bot: OwnedBot) => retireBot(bot.id),
    onSuccess: async (_answer, bot) => {
      toast.info({ message: `${bot.name} retired` });
      await refresh();
    },
    onError: failed('Not retired'),
  });
  const actions: BotActions = {
    regenerate: (bot) => regenerate.mutate(bot),
    revoke: (bot) => revoke.mutate(bot),
    retire: (bot) => retire.mutate(bot),
    pending: regenerate.isPending || revoke.isPending || retire.isPending,
  };

  const items = bots.data?.items;
  const active = items?.filter((bot) => bot.status !== 'retired').length ?? 0;
  return (
    <section className="bots" aria-labelledby="profile-bots">
      <h2 id="profile-bots" className="section-title">
        Your bots
      </h2>
      <p>
        A bot is your own program playing on Gridmind: register it here, give it the token, and it
        gets matches whenever it is online. Up to {MAX_ACTIVE_BOTS_PER_USER} active bots.
      </p>
      {shown ? (
        <BotTokenNotice
          botName={shown.botName}
          token={shown.token}
          origin={window.location.origin}
          onDismiss={() => setShown(null)}
        />
      ) : null}
      {bots.isPending ? <LoadingStatus>Loading your bots…</LoadingStatus> : null}
      {bots.isError && !items ? (
        <div className="bots-error" role="alert">
          Your bots could not be loaded. {bots.error.message}{' '}
          <button type="button" className="button" onClick={() => bots.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {items?.length === 0 ? <p role="status">You have no bots yet.</p> : null}
      {items && items.length > 0 ? <BotList bots={items} actions={actions} /> : null}
      {items ? (
        <>
          <h3 className="section-title">Register a bot</h3>
          {active < MAX_ACTIVE_BOTS_PER_USER ? (
            <BotForm
              key={formKey}
              pending={register.isPending}
              error={register.error?.message ?? null}
              onSubmit={(body) => register.mutate(body)}
            />
          ) : (
            <p>You have {MAX_ACTIVE_BOTS_PER_USER} active bots; retire one to register another.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
