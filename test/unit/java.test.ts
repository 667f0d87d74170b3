import { describe, expect, it } from 'vitest';
import {
  type JavaCandidate,
  parseJavaMajor,
  parseReleaseFile,
  pickJava,
  SYSTEM_JVM_FOLDER,
} from '../../scripts/stack/java.ts';

const jdk = (home: string, major: number | undefined, source = SYSTEM_JVM_FOLDER): JavaCandidate => ({
  home,
  major,
  source,
});

describe('parseJavaMajor', () => {
  it.each([
    ['17.0.15', 17],
    ['25.0.3', 25],
    ['21', 21],
    ['21-ea', 21],
    ['1.8.0_292', 8],
    ['banana', undefined],
  ])('%s → %s', (version, major) => {
    expect(parseJavaMajor(version)).toBe(major);
  });
});

describe('parseReleaseFile', () => {
  it('reads JAVA_VERSION from a JDK release file', () => {
    expect(parseReleaseFile('IMPLEMENTOR="Eclipse Adoptium"\nJAVA_VERSION="25.0.3"\nOS_NAME="Linux"\n')).toBe(25);
    expect(parseReleaseFile('OS_NAME="Linux"\n')).toBeUndefined();
  });
});

describe('pickJava', () => {
  it('picks a JDK of at least 21 over the default 17', () => {
    const chosen = pickJava([jdk('/jvm/java-17', 17), jdk('/jvm/temurin-25', 25)]);
    expect(chosen?.home).toBe('/jvm/temurin-25');
  });

  it('rejects 17 when nothing newer exists', () => {
    expect(pickJava([jdk('/jvm/java-17', 17), jdk('/jvm/unknown', undefined)])).toBeUndefined();
  });

  it('prefers the newest JDK of the system folder', () => {
    const chosen = pickJava([jdk('/jvm/21', 21), jdk('/jvm/25', 25), jdk('/jvm/17', 17)]);
    expect(chosen?.major).toBe(25);
  });

  it('honours an explicit OPENSEARCH_JAVA_HOME or JAVA_HOME that is recent enough', () => {
    const chosen = pickJava([jdk('/opt/jdk-21', 21, 'JAVA_HOME'), jdk('/jvm/25', 25)]);
    expect(chosen?.home).toBe('/opt/jdk-21');
  });

  it('passes over an explicit JAVA_HOME that is too old', () => {
    const chosen = pickJava([jdk('/jvm/java-17', 17, 'JAVA_HOME'), jdk('/jvm/25', 25)]);
    expect(chosen?.home).toBe('/jvm/25');
  });
});
