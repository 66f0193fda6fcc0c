import type { Certificate, Instrument, ReliefTestOptions } from '@common/schemas/relief-valves';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reliefCertificates, reliefInstruments, reliefQualifications, users } from '../../db/schema';
import type { Scope } from '../../lib/scope';

/* Who may test: the shop's certificates, testers' qualifications, benches and gauges (docs/relief-valves.md). */

export function listCertificates(db: Database, scope: Scope): Promise<Certificate[]> {
  return db
    .select({
      id: reliefCertificates.id,
      kind: reliefCertificates.kind,
      number: reliefCertificates.number,
      holder: reliefCertificates.holder,
      expiresOn: reliefCertificates.expiresOn,
    })
    .from(reliefCertificates)
    .where(eq(reliefCertificates.organizationId, scope.organizationId))
    .orderBy(asc(reliefCertificates.number)) as Promise<Certificate[]>;
}

export function listQualifications(db: Database, scope: Scope, userId?: number) {
  const conditions = [eq(reliefQualifications.organizationId, scope.organizationId)];
  if (userId) conditions.push(eq(reliefQualifications.userId, userId));
  return db
    .select({
      id: reliefQualifications.id,
      userId: reliefQualifications.userId,
      userName: users.name,
      certificateId: reliefQualifications.certificateId,
      number: reliefQualifications.number,
      scope: reliefQualifications.scope,
      expiresOn: reliefQualifications.expiresOn,
    })
    .from(reliefQualifications)
    .innerJoin(users, eq(users.id, reliefQualifications.userId))
    .where(and(...conditions))
    .orderBy(asc(users.name)) as Promise<ReliefTestOptions['qualifications']>;
}

export function listInstruments(db: Database, scope: Scope): Promise<Instrument[]> {
  return db
    .select({
      id: reliefInstruments.id,
      kind: reliefInstruments.kind,
      identifier: reliefInstruments.identifier,
      description: reliefInstruments.description,
      calibrationDueOn: reliefInstruments.calibrationDueOn,
      calibratedOn: reliefInstruments.calibratedOn,
      rangeMax: reliefInstruments.rangeMax,
      rangeUnit: reliefInstruments.rangeUnit,
      accuracyPercent: reliefInstruments.accuracyPercent,
    })
    .from(reliefInstruments)
    .where(eq(reliefInstruments.organizationId, scope.organizationId))
    .orderBy(asc(reliefInstruments.kind), asc(reliefInstruments.identifier)) as Promise<Instrument[]>;
}

export async function testOptions(db: Database, scope: Scope, userId: number): Promise<ReliefTestOptions> {
  return {
    certificates: await listCertificates(db, scope),
    qualifications: await listQualifications(db, scope, userId),
    instruments: await listInstruments(db, scope),
  };
}
