import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  PROFILE_QUERY_KEY,
  updateNickname,
} from '#src/features/profile/api/profileQueryOptions.ts';
import { toast } from '#src/lib/toast.ts';

/** Edits the nickname; the server checks the rules and uniqueness and says what is wrong. */
export function NicknameForm({ nickname }: { nickname: string }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(nickname);
  const mutation = useMutation({
    mutationFn: updateNickname,
    onSuccess: async () => {
      toast.success({ message: 'Nickname saved' });
      // The header shows the nickname from the `me` query.
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(value.trim());
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <label>
        Nickname
        <input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          minLength={3}
          maxLength={24}
          required
          aria-describedby="nickname-rules"
        />
      </label>
      <button type="submit" className="button" disabled={mutation.isPending || value === nickname}>
        Save
      </button>
      <small id="nickname-rules">3–24 letters, digits, - or _.</small>
      {mutation.error ? <p role="alert">{mutation.error.message}</p> : null}
    </form>
  );
}
