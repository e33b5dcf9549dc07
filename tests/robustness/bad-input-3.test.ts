// The bad-input suite, file 3 of suite.ts's PARTS (bad-input-1.test.ts checks that the files together run every case).
import { badInputPart } from "./suite";

badInputPart(3);
