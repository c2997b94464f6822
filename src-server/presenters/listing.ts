import type { Listing } from '../../src-common/schemas/listing';
import { stockOf, type ClosedReason } from '../../src-common/trade';
import type { ListingDoc } from '../models/listing';

/** A stored listing as REST returns it and listing:* events carry it (an allowlist of fields). */
export function presentListing(doc: ListingDoc): Listing {
  const stock = stockOf(doc);
  return {
    id: doc._id,
    item: doc.item,
    type: doc.type,
    quantity: doc.quantity,
    remainingQuantity: stock.remainingQuantity,
    status: stock.status,
    closedAt: doc.closedAt ? new Date(doc.closedAt).toISOString() : null,
    closedReason: (doc.closedReason as ClosedReason | null | undefined) ?? null,
    price: doc.price,
    priceMode: doc.priceMode ?? 'Each',
    totalPrice: doc.totalPrice,
    notes: doc.notes ?? '',
    seller: doc.seller,
    sellerAvatar: doc.sellerAvatar ?? null,
    userId: doc.userId,
    user_flags: (doc.userFlags ?? []).join(','),
    IGN: doc.IGN ?? '',
    contactInfo: doc.contactInfo ?? '',
    category: doc.category ?? '',
    episode: doc.episode ?? '',
    professions: [...(doc.professions ?? [])],
    image: doc.image ?? '',
    rarity: doc.rarity ?? null,
    combatCategory: doc.combatCategory ?? null,
    combatLevel: doc.combatLevel ?? null,
    combatStrength: doc.combatStrength ?? null,
    combatDmgType: doc.combatDmgType ?? null,
    combatDmgPercent: doc.combatDmgPercent ?? null,
    combatImpact: doc.combatImpact ?? null,
    combatCryonae: doc.combatCryonae ?? null,
    combatArborae: doc.combatArborae ?? null,
    combatTempestae: doc.combatTempestae ?? null,
    combatInfernae: doc.combatInfernae ?? null,
    combatNecromae: doc.combatNecromae ?? null,
    timestamp: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
    version: doc.version ?? 1,
    ...(doc.sellerSuspended ? { sellerSuspended: true } : {}),
  };
}
