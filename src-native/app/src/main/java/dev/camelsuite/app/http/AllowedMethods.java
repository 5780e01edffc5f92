package dev.camelsuite.app.http;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;

/**
 * The methods a path of the HTTP APIs takes, for the {@code Allow} header of a 405 (the REST layer answers a method a
 * resource does not take without saying which it takes): read once from the resource classes' {@code @Path} and
 * method annotations, each path template made a pattern ({@code {name}} one segment, {@code {name: regex}} its
 * regex).
 */
@ApplicationScoped
public class AllowedMethods {

    private static final Pattern PARAMETER = Pattern.compile("\\{\\s*\\w+\\s*(?::\\s*([^}]+))?}");

    /** A path template of a resource method and the HTTP method it takes. */
    private record Route(Pattern path, String method) {
    }

    private volatile List<Route> routes;

    /** The methods the path takes, HEAD with GET; empty for a path no resource has. */
    public Set<String> of(String path) {
        Set<String> allowed = new TreeSet<>();
        String normalized = "/" + path.replaceAll("^/+|/+$", "");
        for (Route route : routes()) {
            if (route.path().matcher(normalized).matches()) {
                allowed.add(route.method());
            }
        }
        if (allowed.contains("GET")) {
            allowed.add("HEAD");
        }
        return allowed;
    }

    private List<Route> routes() {
        List<Route> r = routes;
        if (r == null) {
            r = read();
            routes = r;
        }
        return r;
    }

    private static List<Route> read() {
        List<Route> routes = new ArrayList<>();
        // the resource classes are beans: every bean, whatever its qualifiers
        for (Bean<?> bean : Arc.container().beanManager().getBeans(Object.class, Any.Literal.INSTANCE)) {
            Class<?> type = bean.getBeanClass();
            Path base = type.getAnnotation(Path.class);
            if (base == null) {
                continue;
            }
            for (Method m : type.getMethods()) {
                String httpMethod = httpMethod(m);
                if (httpMethod == null) {
                    continue;
                }
                Path sub = m.getAnnotation(Path.class);
                String template = base.value() + (sub == null ? "" : "/" + sub.value());
                routes.add(new Route(pattern(template), httpMethod));
            }
        }
        return List.copyOf(routes);
    }

    private static String httpMethod(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod method = a.annotationType().getAnnotation(HttpMethod.class);
            if (method != null) {
                return method.value();
            }
        }
        return null;
    }

    private static Pattern pattern(String template) {
        String path = ("/" + template).replaceAll("/+", "/").replaceAll("(.)/$", "$1");
        StringBuilder regex = new StringBuilder();
        Matcher m = PARAMETER.matcher(path);
        int at = 0;
        while (m.find()) {
            regex.append(Pattern.quote(path.substring(at, m.start())));
            regex.append('(').append(m.group(1) == null ? "[^/]+" : m.group(1).trim()).append(')');
            at = m.end();
        }
        regex.append(Pattern.quote(path.substring(at)));
        return Pattern.compile(regex.toString());
    }
}
