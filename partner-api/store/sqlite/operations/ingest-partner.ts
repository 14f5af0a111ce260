import type { IngestPartnerRow } from '../../ingest/types';
import { DEFAULT_TIME_ZONE, imagePath } from '../../model/derive';
import type { Db } from '../open';
import { stmt } from '../statements';

/** A partner's ingestion settings (terms default to none, the zone to Europe/Paris), or null when unknown. */
export function ingestPartner(db: Db, name: string): IngestPartnerRow | null {
  const row = stmt(
    db,
    `SELECT p.name, p.logo, p.back_color AS backColor, coalesce(t.time_zone, '${DEFAULT_TIME_ZONE}') AS timeZone,
       coalesce(t.commission_fix, 0) AS commissionFix, coalesce(t.commission_per_ticket, 0) AS commissionPerTicket,
       coalesce(t.commission_per_cart, 0) AS commissionPerCart, coalesce(t.commission_rate, 0) AS commissionRate
     FROM partners p LEFT JOIN partner_terms t ON t.partner_id = p.id WHERE p.name = ?`,
  ).get(name) as IngestPartnerRow | undefined;
  return row ?? null;
}

/** Registers a partner or updates its logo (empty: generated, or kept), colour, zone and terms; true when new. */
export function savePartner(db: Db, partner: IngestPartnerRow): boolean {
  return db
    .transaction(() => {
      const existing = stmt(db, 'SELECT id FROM partners WHERE name = ?').get(partner.name) as
        { id: number } | undefined;
      let id = existing?.id;
      if (id === undefined) {
        const { m } = stmt(db, 'SELECT max(id) AS m FROM partners').get() as { m: number | null };
        id = (m ?? 0) + 1;
        stmt(db, 'INSERT INTO partners (id, name, logo, back_color) VALUES (?, ?, ?, ?)').run(
          id,
          partner.name,
          partner.logo || imagePath('partner', id, 'logo'),
          partner.backColor,
        );
      } else {
        stmt(db, "UPDATE partners SET logo = coalesce(nullif(?, ''), logo), back_color = ? WHERE id = ?").run(
          partner.logo,
          partner.backColor,
          id,
        );
      }
      stmt(
        db,
        `INSERT INTO partner_terms (partner_id, time_zone, commission_fix, commission_per_ticket, commission_per_cart,
           commission_rate) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (partner_id) DO UPDATE SET time_zone = excluded.time_zone,
           commission_fix = excluded.commission_fix, commission_per_ticket = excluded.commission_per_ticket,
           commission_per_cart = excluded.commission_per_cart, commission_rate = excluded.commission_rate`,
      ).run(
        id,
        partner.timeZone,
        partner.commissionFix,
        partner.commissionPerTicket,
        partner.commissionPerCart,
        partner.commissionRate,
      );
      return existing === undefined;
    })
    .immediate();
}

/** Records an ingest API key's hash for a partner. */
export function addIngestKey(db: Db, partner: string, keyHash: string, createdMs: number): void {
  stmt(db, 'INSERT INTO ingest_keys (key_hash, partner, created_ms) VALUES (?, ?, ?)').run(keyHash, partner, createdMs);
}

/** The partner of an ingest API key's hash, or null. */
export function partnerOfIngestKey(db: Db, keyHash: string): string | null {
  const row = stmt(db, 'SELECT partner FROM ingest_keys WHERE key_hash = ?').get(keyHash) as
    { partner: string } | undefined;
  return row?.partner ?? null;
}
