import { defineIsland } from "../island";
import { NothingFoundPanel } from "./NothingFoundPanel";

export default defineIsland("forms/NothingFound", NothingFoundPanel, "interaction");
