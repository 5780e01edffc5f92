package dev.camelsuite.app.security;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The role an operation of the HTTP APIs needs, on the resource method that serves it. {@link OperationRoles} checks
 * it for the method the request was matched to, so the role follows the operation whatever the path looks like
 * (trailing slashes, matrix parameters, dot segments). A resource method without it is refused to everyone.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Needs {

    Role value();
}
