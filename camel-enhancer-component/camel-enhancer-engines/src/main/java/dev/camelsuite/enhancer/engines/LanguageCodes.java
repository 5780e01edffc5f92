package dev.camelsuite.enhancer.engines;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;

/**
 * Language codes as the engines compare them: the primary subtag of a BCP 47 tag, in lower case, two letters where
 * ISO 639-1 has a code ({@code "en-GB"} and {@code "eng"} are both {@code "en"}).
 */
public final class LanguageCodes {

    private static final Map<String, String> TWO_LETTER = new HashMap<>();

    static {
        for (String code : Locale.getISOLanguages()) {
            try {
                TWO_LETTER.put(Locale.forLanguageTag(code).getISO3Language(), code);
            } catch (MissingResourceException e) {
                // a code without a three-letter form: nothing to map
            }
        }
        // individual languages that OpenNLP's langdetect model names instead of their macrolanguage
        TWO_LETTER.put("cmn", "zh");
        TWO_LETTER.put("pes", "fa");
        TWO_LETTER.put("lvs", "lv");
        TWO_LETTER.put("ekk", "et");
        TWO_LETTER.put("zsm", "ms");
        TWO_LETTER.put("swh", "sw");
        TWO_LETTER.put("plt", "mg");
        TWO_LETTER.put("pnb", "pa");
    }

    private LanguageCodes() {
    }

    /**
     * The code the engines use for a language tag or an ISO 639 code; null for null or blank. Codes without a
     * two-letter form stay as they are ({@code "gsw"}).
     */
    public static String normalize(String tag) {
        if (tag == null || tag.isBlank()) {
            return null;
        }
        String primary = tag.trim();
        int dash = indexOfSeparator(primary);
        if (dash > 0) {
            primary = primary.substring(0, dash);
        }
        primary = primary.toLowerCase(Locale.ROOT);
        return primary.length() == 3 ? TWO_LETTER.getOrDefault(primary, primary) : primary;
    }

    private static int indexOfSeparator(String tag) {
        for (int i = 0; i < tag.length(); i++) {
            char c = tag.charAt(i);
            if (c == '-' || c == '_') {
                return i;
            }
        }
        return -1;
    }
}
