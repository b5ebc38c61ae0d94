/**
 * Testing Library's waits for the components project. Its default of 1 s is what a quiet machine needs for a
 * fetch from the local server and React's redraw; `npm test` runs this project beside builds on 2 cores, where
 * the same wait took longer. A wait still fails, with the same message, when what it waits for never comes.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
