// The profile's account settings, in order: address and password (built-in accounts only: with OpenID
// Connect the provider keeps them), then every account's signed-in devices and data, and last the way out.
import { ChangeEmailCard } from './change-email-card.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { DataExportCard } from './data-export-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

export function AccountSections({ local }: { local: boolean }) {
  return (
    <>
      {local && <ChangeEmailCard />}
      {local && <ChangePasswordCard />}
      <SessionsCard />
      <DataExportCard />
      <DeleteAccountCard local={local} />
    </>
  );
}
