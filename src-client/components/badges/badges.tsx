import type { CSSProperties } from 'react';
import { EPISODE_COLOURS, RARITY_COLOURS, type Episode, type Rarity } from '../../../src-common/catalogue';
import './badges.css';

const KNOWN_ROLES: Record<string, string> = { admin: 'role-admin', vip: 'role-vip', mvp: 'role-mvp' };

/** Splits the listing's comma-separated user_flags (or a user's flags array). */
export function parseFlags(flags: string | readonly string[]): string[] {
  const list = typeof flags === 'string' ? flags.split(',') : flags;
  return [...new Set(list.map((f) => f.trim()).filter(Boolean))];
}

/** Admin, VIP and MVP get their own colours; any other flag shows in the default style. */
export function RoleBadges({ flags }: { flags: string | readonly string[] }) {
  const roles = parseFlags(flags);
  if (!roles.length) return null;
  return (
    <span className="role-badges">
      {roles.map((role) => (
        <span key={role} className={`badge role-badge ${KNOWN_ROLES[role.toLowerCase()] ?? 'role-other'}`}>
          {role}
        </span>
      ))}
    </span>
  );
}

const tint = (colour: string) => ({ '--badge-colour': colour }) as CSSProperties;

export function episodeColour(episode: string): string {
  return EPISODE_COLOURS[episode as Episode] ?? 'var(--muted)';
}

/** A coloured dot: the episode's icon in badges and dropdowns. */
export function EpisodeIcon({ episode }: { episode: string }) {
  return <span className="episode-icon" style={tint(episodeColour(episode))} aria-hidden="true" />;
}

export function EpisodeBadge({ episode }: { episode: string }) {
  if (!episode) return null;
  return (
    <span className="badge tinted-badge" style={tint(episodeColour(episode))}>
      <EpisodeIcon episode={episode} />
      {episode}
    </span>
  );
}

/** A stable hue per profession name, so each profession keeps its colour everywhere. */
function professionHue(profession: string): number {
  let hash = 0;
  for (const ch of profession) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return hash;
}

/** A lettered tile: the profession's icon in badges and dropdowns. */
export function ProfessionIcon({ profession }: { profession: string }) {
  return (
    <span
      className="profession-icon"
      style={{ '--hue': professionHue(profession) } as CSSProperties}
      aria-hidden="true"
    >
      {profession.slice(0, 1)}
    </span>
  );
}

export function ProfessionBadge({ profession }: { profession: string }) {
  return (
    <span className="badge profession-badge">
      <ProfessionIcon profession={profession} />
      {profession}
    </span>
  );
}

export function RarityBadge({ rarity }: { rarity: string | null }) {
  if (!rarity) return null;
  const colour = RARITY_COLOURS[rarity as Rarity] ?? 'var(--muted)';
  return (
    <span className="badge tinted-badge rarity-badge" style={tint(colour)}>
      {rarity}
    </span>
  );
}
