import { ACCOUNT_SETTINGS_API, type MyProfile, type MyProfileBody } from '@sentinel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';
import { uploadFile } from '@/shared/request/upload.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';

export const PROFILE_KEY = ['accountSettings', 'profile'] as const;

export const profileQuery = queryOptions({
  queryKey: PROFILE_KEY,
  queryFn: ({ signal }) => request<MyProfile>(ACCOUNT_SETTINGS_API.profile, { signal, silent: true }),
});

export const useProfile = () => useQuery(profileQuery);

/** The header shows the new name and avatar at once. */
function showInHeader(profile: MyProfile) {
  useUserStore.setState({ name: profile.displayName || profile.accountName, avatar: profile.avatar });
}

function useProfileMutation<V>(call: (value: V) => Promise<MyProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (profile) => {
      client.setQueryData(PROFILE_KEY, profile);
      showInHeader(profile);
    },
  });
}

export const useUpdateProfile = () =>
  useProfileMutation(
    async (body: MyProfileBody) =>
      (await action<MyProfile>(ACCOUNT_SETTINGS_API.update, { method: 'PUT', body })).data,
  );

/** Errors are not toasted by the upload: the page shows them beside the avatar. */
export const useUploadAvatar = () =>
  useProfileMutation(
    async (file: File) => (await uploadFile<MyProfile>(ACCOUNT_SETTINGS_API.avatar, file)).data,
  );

export const useRemoveAvatar = () =>
  useProfileMutation(
    async (_: undefined) =>
      (await action<MyProfile>(ACCOUNT_SETTINGS_API.removeAvatar, { method: 'DELETE' })).data,
  );
