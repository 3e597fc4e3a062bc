import type { ClientManifest } from "../components/layout/Document";
import built from "../../build/manifest.json";

/** Content-hashed client assets of this build (written by scripts/build.ts). */
export const manifest: ClientManifest = built;
