/** The generator feature's door: its addresses, and the state that opens a saved project in it. */
export { GENERATOR_PATH, generatorPath, type OpenProjectState } from './paths.ts';
