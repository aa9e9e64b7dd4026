package dev.sno.spring.boot.mybatis;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The application: its package is where MyBatis' starter looks for @Mapper interfaces. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class CustomerApp {

    @Bean
    AuditIds auditIds() {
        return new AuditIds(300);
    }
}
