/**
 * The fixture loader at its public path (`cli.ts`, tests, e2e, the benchmark): the code lives in
 * the shops feature, `shops/fixture.ts`.
 * @module
 */
export { type Fixture, FixtureError, loadFixture, seedFixture } from './shops/fixture.ts';
