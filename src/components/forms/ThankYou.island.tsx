import { defineIsland } from "../island";
import { ThankYou } from "./ThankYou";

export default defineIsland("forms/ThankYou", ThankYou, "load");
