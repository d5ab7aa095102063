// The coloured role badge (spec 000 §6) shared by the dashboard, switcher and member lists.
import type { Role } from '../../common/roles.ts';
import { cn } from '../lib/utils.ts';
import { Badge } from './ui/badge.tsx';

const ROLE_STYLES: Record<Role, string> = {
  owner: 'border-transparent bg-indigo-100 text-indigo-800',
  moderator: 'border-transparent bg-sky-100 text-sky-800',
  participant: 'border-transparent bg-emerald-100 text-emerald-800',
  viewer: 'border-transparent bg-slate-200 text-slate-800',
};

export const roleLabel = (role: Role) => role.charAt(0).toUpperCase() + role.slice(1);

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return <Badge className={cn(ROLE_STYLES[role], 'capitalize', className)}>{role}</Badge>;
}
