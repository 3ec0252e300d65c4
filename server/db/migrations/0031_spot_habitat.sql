-- Where a spot's mushrooms grow ("under spruce, on mossy ground"): optional text like the notes, null when blank.
ALTER TABLE "locations" ADD COLUMN "habitat" text;
